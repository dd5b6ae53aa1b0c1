-- setmetatable / getmetatable basics
local t = {}
print(getmetatable(t))
local mt = {}
local r = setmetatable(t, mt)
print(r == t, getmetatable(t) == mt)
setmetatable(t, nil)
print(getmetatable(t))
print(getmetatable("abc") ~= nil, getmetatable(1), getmetatable(nil), getmetatable(print))
print(pcall(setmetatable, 1, {}) == false)
print(pcall(setmetatable, {}, 1) == false)
local p = setmetatable({}, {__metatable = "locked"})
print(getmetatable(p))
print(pcall(setmetatable, p, {}))
local q = setmetatable({}, {__metatable = false})
print(getmetatable(q))
local shared = {__index = {greet = "hi"}}
local a = setmetatable({}, shared)
local b = setmetatable({}, shared)
print(a.greet, b.greet, getmetatable(a) == getmetatable(b))
mt.__index = function() return "late" end
setmetatable(t, mt)
print(t.anything)
