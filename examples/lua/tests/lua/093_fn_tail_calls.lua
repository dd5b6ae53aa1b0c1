-- proper tail calls: deep tail recursion must not overflow
local function loop(n, acc)
  if n == 0 then return acc end
  return loop(n - 1, acc + 1)
end
print(loop(100000, 0))
print(loop(1000000, 0))
local function even(n) if n == 0 then return true end return odd(n - 1) end
function odd(n) if n == 0 then return false end return even(n - 1) end
print(even(100000), even(100001))
local function countdown(n)
  if n > 0 then return countdown(n - 1) end
  return "done"
end
print(countdown(200000))
local obj = {n = 0}
function obj:step(k)
  if k == 0 then return self.n end
  self.n = self.n + 1
  return self:step(k - 1)
end
print(obj:step(150000))
local function sum(n, acc)
  acc = acc or 0
  if n == 0 then return acc end
  return sum(n - 1, acc + n)
end
print(sum(100000))
local function tv(n, ...)
  if n == 0 then return select("#", ...) end
  return tv(n - 1, ...)
end
print(tv(100000, 1, 2, 3))
