-- nested tables and matrices
local m = {}
for i = 1, 3 do
  m[i] = {}
  for j = 1, 3 do m[i][j] = (i - 1) * 3 + j end
end
for i = 1, 3 do print(table.concat(m[i], " ")) end
local tr = {}
for i = 1, 3 do
  tr[i] = {}
  for j = 1, 3 do tr[i][j] = m[j][i] end
end
for i = 1, 3 do print(table.concat(tr[i], " ")) end
local tree = {value = 1, children = {
  {value = 2, children = {}},
  {value = 3, children = {{value = 4, children = {}}, {value = 5, children = {}}}},
}}
local function total(node)
  local s = node.value
  for _, c in ipairs(node.children) do s = s + total(c) end
  return s
end
local function depth(node)
  local d = 0
  for _, c in ipairs(node.children) do d = math.max(d, depth(c)) end
  return d + 1
end
print(total(tree), depth(tree))
local cfg = {db = {host = "localhost", ports = {5432, 5433}}}
print(cfg.db.host, cfg.db.ports[2], #cfg.db.ports)
cfg.db.ports[#cfg.db.ports + 1] = 6000
print(#cfg["db"]["ports"])
