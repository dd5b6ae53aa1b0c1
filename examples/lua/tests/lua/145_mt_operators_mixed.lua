-- a complex-number type using many metamethods
local C = {}
C.__index = C
local function cx(re, im) return setmetatable({re = re, im = im or 0}, C) end
local function lift(v) if type(v) == "number" then return cx(v, 0) end return v end
C.__add = function(a, b) a, b = lift(a), lift(b); return cx(a.re + b.re, a.im + b.im) end
C.__sub = function(a, b) a, b = lift(a), lift(b); return cx(a.re - b.re, a.im - b.im) end
C.__mul = function(a, b)
  a, b = lift(a), lift(b)
  return cx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
end
C.__unm = function(a) return cx(-a.re, -a.im) end
C.__eq = function(a, b) return a.re == b.re and a.im == b.im end
C.__tostring = function(a)
  if a.im >= 0 then return a.re .. "+" .. a.im .. "i" end
  return a.re .. a.im .. "i"
end
C.__len = function(a) return math.sqrt(a.re * a.re + a.im * a.im) end
C.__concat = function(a, b) return tostring(a) .. tostring(b) end
function C:conj() return cx(self.re, -self.im) end
local i = cx(0, 1)
print(tostring(i * i), tostring(i + 1), tostring(2 - i))
print(tostring(cx(3, 4) * cx(3, 4):conj()), #cx(3, 4))
print(cx(1, 2) == cx(1, 2), cx(1, 2) ~= cx(2, 1))
print(tostring(-cx(1, -1)), cx(1, 1) .. " & " .. cx(2, -2))
local z = cx(0)
for k = 1, 4 do z = z * cx(1, 1) + 1 end
print(tostring(z))
