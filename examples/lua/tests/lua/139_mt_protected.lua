-- the __metatable field
local mt = {__metatable = "not your business", __index = {x = 1}}
local t = setmetatable({}, mt)
print(getmetatable(t), t.x)
local ok, err = pcall(setmetatable, t, {})
print(ok, err)
ok, err = pcall(setmetatable, t, nil)
print(ok, err)
local mt2 = {__metatable = {fake = true}}
local u = setmetatable({}, mt2)
print(getmetatable(u).fake, getmetatable(u) == mt2)
print(getmetatable("").__metatable)
local smt = getmetatable("")
print(type(smt), smt.__index == string)
local v = setmetatable({}, {__metatable = 0})
print(getmetatable(v))
