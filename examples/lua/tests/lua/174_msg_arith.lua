-- error messages for arithmetic errors (message text is part of the test)
local function msg(f, ...)
  local ok, e = pcall(f, ...)
  return (tostring(e):gsub("^[^:]*:%d+: ", ""))
end
local function f1() local x; return x + 1 end
print(msg(f1))
print(msg(function() return undefinedvar * 2 end))
local t = {}
print(msg(function() return t.field - 1 end))
print(msg(function() return t[1] / 2 end))
print(msg(function() return {} + 1 end))
print(msg(function() return "abc" + 1 end))
print(msg(function() return -{} end))
print(msg(function() local s = "x"; return s ^ 2 end))
print(msg(function(a) return a % 2 end, nil))
print(msg(function() return true + 1 end))
print(msg(function() local up = nil; return (function() return up + 1 end)() end))
