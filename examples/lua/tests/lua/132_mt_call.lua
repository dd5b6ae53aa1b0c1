-- __call metamethod
local callable = setmetatable({count = 0}, {__call = function(self, a, b)
  self.count = self.count + 1
  return a + b, self.count
end})
print(callable(1, 2))
print(callable(10, 20))
print(pcall(callable, 5, 5))
local Class = setmetatable({}, {__call = function(cls, name) return {name = name, cls = cls} end})
local obj = Class("instance")
print(obj.name, obj.cls == Class)
local memo = setmetatable({}, {__call = function(self, n)
  if not self[n] then self[n] = n * 3 end
  return self[n]
end})
print(memo(5), memo(5), rawget(memo, 5))
local varargs = setmetatable({}, {__call = function(_, ...) return select("#", ...), ... end})
print(varargs(), varargs(nil, nil))
local t = {f = callable}
print(t.f(100, 1))
print(pcall(function() local x = setmetatable({}, {}); return x() end) == false)
