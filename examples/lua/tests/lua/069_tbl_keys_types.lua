-- tables, functions, booleans as keys
local k1, k2 = {}, {}
local f = function() end
local t = {}
t[k1] = "table one"
t[k2] = "table two"
t[f] = "function"
t[true] = "yes"
t[false] = "no"
t[print] = "builtin"
print(t[k1], t[k2], t[f], t[true], t[false], t[print])
print(t[{}], t[function() end])
local n = 0
for _ in pairs(t) do n = n + 1 end
print(n)
t[k1] = nil
n = 0
for _ in pairs(t) do n = n + 1 end
print(n, t[k1])
local set = {}
local objs = {}
for i = 1, 5 do objs[i] = {id = i} end
for i = 1, 5 do set[objs[i]] = i * i end
local sum = 0
for k, v in pairs(set) do sum = sum + k.id + v end
print(sum)
local s = {["x"] = 1, x2 = 2}
print(s.x, s["x2"], s["x" .. 2])
