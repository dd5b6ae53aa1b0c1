-- A table that is its own metatable: writing its fields asks the
-- metatable (itself) for __newindex, reading them for __index.
local t = {}
setmetatable(t, t)
t.y = 1
t.z = nil
t.y = nil
t.y = 2
print(t.y, t.z, rawget(t, "z"), getmetatable(t) == t)

-- Its own __index too: a missing key follows the chain back to itself.
local c = { name = "c" }
c.__index = c
setmetatable(c, c)
print(c.name)
local ok, err = pcall(function() return c.missing end)
print(ok, err)

-- A class whose metatable is itself, and an object of it.
local K = { kind = "K" }
K.__index = K
setmetatable(K, K)
local o = setmetatable({}, K)
o.v = 3
print(o.kind, o.v, rawget(o, "kind"))
