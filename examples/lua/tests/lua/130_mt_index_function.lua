-- __index as a function
local calls = 0
local t = setmetatable({existing = "here"}, {__index = function(tbl, key)
  calls = calls + 1
  return "computed_" .. tostring(key)
end})
print(t.existing, t.foo, t[1], calls)
local squares = setmetatable({}, {__index = function(tbl, n)
  local v = n * n
  rawset(tbl, n, v)
  return v
end})
print(squares[4], squares[5], rawget(squares, 4), rawget(squares, 6))
local fib = setmetatable({[0] = 0, [1] = 1}, {__index = function(self, n)
  local v = self[n - 1] + self[n - 2]
  self[n] = v
  return v
end})
print(fib[50], fib[90])
local proxy = setmetatable({}, {__index = string})
print(proxy.upper("x"), proxy.format("%03d", 7))
local nilres = setmetatable({}, {__index = function() return nil end})
print(nilres.x)
local ci = setmetatable({}, {__index = function(t2, k)
  if type(k) == "string" then return rawget(t2, k:lower()) end
end})
ci.name = "lua"
print(ci.NAME, ci.Name, ci.name)
