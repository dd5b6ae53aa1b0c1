-- what counts as a tail call
local function probe(n)
  if n == 0 then return "bottom" end
  return probe(n - 1)
end
print(probe(300000))
local function parenTail(n)
  if n == 0 then return 1, 2 end
  return (parenTail(n - 1))
end
print(parenTail(100))
local function notTail(n)
  if n == 0 then return 0 end
  return 1 + notTail(n - 1)
end
print(notTail(10000))
local obj = {}
function obj.method(self, n) if n == 0 then return "m" end return self:method(n - 1) end
print(obj:method(200000))
local function viaCall(f, n) if n == 0 then return "c" end return f(f, n - 1) end
print(viaCall(viaCall, 200000))
local function multi(n) if n == 0 then return 1, 2, 3 end return multi(n - 1) end
print(multi(100000))
