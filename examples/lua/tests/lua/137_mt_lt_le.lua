-- __lt and __le
local V = {}
V.__lt = function(a, b) return a.v < b.v end
V.__le = function(a, b) return a.v <= b.v end
local function mk(v) return setmetatable({v = v}, V) end
local x, y, z = mk(1), mk(2), mk(2)
print(x < y, y < x, y <= z, y < z, x > y, y >= x)
local list = {mk(5), mk(3), mk(9), mk(1)}
table.sort(list)
local out = {}
for i, e in ipairs(list) do out[i] = e.v end
print(table.concat(out, " "))
local OnlyLt = {__lt = function(a, b) return a.v < b.v end}
local a = setmetatable({v = 1}, OnlyLt)
local b = setmetatable({v = 2}, OnlyLt)
print(a < b, b > a)
local mixed = setmetatable({}, {__lt = function(l, r)
  return type(l) == "number"
end})
print(5 < mixed, mixed < 5)
print(pcall(function() return {} < {} end) == false)
local str = setmetatable({}, {__le = function() return 1 end})
print(str <= str, str >= str)
