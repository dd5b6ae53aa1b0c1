-- error messages for calls and indexing
local function msg(f, ...)
  local ok, e = pcall(f, ...)
  return (tostring(e):gsub("^[^:]*:%d+: ", ""))
end
print(msg(function() local f; f() end))
print(msg(function() undefinedFunction() end))
local t = {}
print(msg(function() t.method() end))
print(msg(function() t:method() end))
print(msg(function() local n = 5; n() end))
print(msg(function() local x; return x.y end))
print(msg(function() return t.a.b end))
print(msg(function() return undefinedTable.key end))
print(msg(function() local s = 1; s.x = 2 end))
print(msg(function() ("str")() end))
print(msg(function() local b = true; return b[1] end))
print(msg(function() t.x.y.z = 1 end))
print(msg(function() string.nofunc() end))
