-- method-call syntax on strings
local s = "Hello"
print(s:upper(), s:lower(), s:len(), s:reverse())
print(("x"):rep(3), ("%d-%d"):format(1, 2))
print(("abc"):byte(1, -1))
print(#s:rep(2), s:sub(2):upper())
print(getmetatable("").__index == string)
print(("test"):find("s"), ("a,b"):gsub(",", ";"))
local mt = getmetatable("abc")
print(type(mt), rawequal(mt, getmetatable("")))
-- adding a function to the string table makes it available as a method
function string.shout(str) return str:upper() .. "!" end
print(("hey"):shout(), s:shout())
string.shout = nil
print(pcall(function() return ("x"):shout() end) == false)
local n = 42
print(tostring(n):len(), (tostring(n)):rep(2))
local fmt = "%s has %d chars"
print(fmt:format(s, #s))
print(("a b c"):gsub(" ", ""):upper())
