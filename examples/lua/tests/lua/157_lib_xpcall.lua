-- xpcall with message handlers
local function handler(e) return "handled: " .. tostring(e) end
print(xpcall(function() error("oops", 0) end, handler))
print(xpcall(function() return "fine", 2 end, handler))
print(xpcall(function(a, b) return a + b end, handler, 3, 4))
local function h2(e) return {wrapped = e} end
local ok, r = xpcall(function() error({code = 5}) end, h2)
print(ok, r.wrapped.code)
local seen
local ok2, r2 = xpcall(function() local t = nil; return t.x end, function(m)
  seen = type(m)
  return "converted"
end)
print(ok2, r2, seen)
local ok3, r3 = xpcall(function() error("x", 0) end, function(m) return m, "second" end)
print(ok3, r3)
local ok4, r4 = xpcall(error, function(m) return "got " .. tostring(m) end, "direct", 0)
print(ok4, r4)
local depth = 0
local function nested()
  return xpcall(function() error("inner", 0) end, function(m) depth = depth + 1; return m .. "!" end)
end
print(xpcall(nested, handler), depth)
print(pcall(xpcall) == false)
