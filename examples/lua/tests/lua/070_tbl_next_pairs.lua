-- next and pairs used order-independently
local t = {a = 1, b = 2, c = 3, 10, 20}
local keys = {}
for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. v end
table.sort(keys)
print(table.concat(keys, " "))
print(next({}), next({}, nil))
local k, v = next({"only"})
print(k, v)
print(next({"only"}, 1))
local count, sum = 0, 0
local k2, v2 = next(t)
while k2 ~= nil do
  count = count + 1
  sum = sum + v2
  k2, v2 = next(t, k2)
end
print(count, sum)
print(type(next), type(pairs({})))
local arr = {}
for i = 1, 5 do arr[i] = i end
local s = 0
for i, val in pairs(arr) do s = s + i * val end
print(s)
-- clearing fields during traversal is allowed
local m = {x = 1, y = 2, z = 3}
for key in pairs(m) do m[key] = nil end
print(next(m))
print(pcall(next, {}, "nokey") == false)
