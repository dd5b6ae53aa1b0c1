-- arithmetic metamethods
local V = {}
V.__index = V
local function vec(x, y) return setmetatable({x = x, y = y}, V) end
V.__add = function(a, b) return vec(a.x + b.x, a.y + b.y) end
V.__sub = function(a, b) return vec(a.x - b.x, a.y - b.y) end
V.__mul = function(a, b)
  if type(a) == "number" then return vec(a * b.x, a * b.y) end
  if type(b) == "number" then return vec(a.x * b, a.y * b) end
  return a.x * b.x + a.y * b.y
end
V.__div = function(a, b) return vec(a.x / b, a.y / b) end
V.__mod = function(a, b) return vec(a.x % b, a.y % b) end
V.__pow = function(a, b) return vec(a.x ^ b, a.y ^ b) end
V.__unm = function(a) return vec(-a.x, -a.y) end
V.__idiv = function(a, b) return vec(a.x // b, a.y // b) end
V.__tostring = function(a) return "(" .. a.x .. "," .. a.y .. ")" end
local a, b = vec(1, 2), vec(3, 4)
print(tostring(a + b), tostring(a - b), a * b)
print(tostring(a * 3), tostring(2 * b))
print(tostring(b / 2), tostring(b % 3), tostring(a ^ 2))
print(tostring(-a), tostring(b // 2))
local n = setmetatable({}, {__add = function(x, y) return "added" end})
print(n + 1, 1 + n, n + n, "s" + n)
print(pcall(function() return {} + 1 end) == false)
local left = setmetatable({}, {__sub = function(x, y) return "left" end})
local right = setmetatable({}, {__sub = function(x, y) return "right" end})
print(left - right, right - left, 5 - right)
