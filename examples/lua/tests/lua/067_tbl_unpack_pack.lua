-- table.unpack and table.pack
local t = {1, 2, 3, 4, 5}
print(table.unpack(t))
print(table.unpack(t, 2))
print(table.unpack(t, 2, 3))
print(table.unpack(t, 4, 10))
print(select("#", table.unpack(t, 3, 2)))
print(table.unpack({}, 1, 3))
print(table.unpack({"a", nil, "c"}, 1, 3))
local p = table.pack(1, nil, 3, nil)
print(p.n, p[1], p[2], p[3], p[4])
local e = table.pack()
print(e.n, #e)
local function f(...) return table.pack(...) end
print(f("x", "y").n)
local a, b, c = table.unpack({10, 20})
print(a, b, c)
local function sum(...)
  local s = 0
  for i = 1, select("#", ...) do s = s + (select(i, ...)) end
  return s
end
print(sum(table.unpack(t)), sum(table.unpack(t, 1, 2)))
print(table.unpack({1, 2, 3}, -1, 1))
local u = {table.unpack(t)}
print(#u, u[5])
