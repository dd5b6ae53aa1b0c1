-- tables used as sets and dictionaries
local function Set(list)
  local s = {}
  for _, v in ipairs(list) do s[v] = true end
  return s
end
local function toList(s)
  local r = {}
  for k in pairs(s) do r[#r + 1] = k end
  table.sort(r)
  return table.concat(r, " ")
end
local a = Set({1, 2, 3, 4, 5})
local b = Set({4, 5, 6, 7})
local union, inter, diff = {}, {}, {}
for k in pairs(a) do union[k] = true end
for k in pairs(b) do union[k] = true end
for k in pairs(a) do if b[k] then inter[k] = true end end
for k in pairs(a) do if not b[k] then diff[k] = true end end
print(toList(union))
print(toList(inter))
print(toList(diff))
local inv = {}
local colors = {red = 1, green = 2, blue = 3}
for k, v in pairs(colors) do inv[v] = k end
print(inv[1], inv[2], inv[3])
local groups = {}
for _, w in ipairs({"apple", "avocado", "banana", "blueberry", "cherry"}) do
  local c = w:sub(1, 1)
  groups[c] = groups[c] or {}
  table.insert(groups[c], w)
end
for _, c in ipairs({"a", "b", "c"}) do print(c, table.concat(groups[c], ",")) end
