-- metamethods are looked up raw in the metatable; rawequal bypasses __eq
local mt = {}
local t = setmetatable({}, mt)
mt.__index = function(_, k) return k .. "!" end
print(t.hi)
mt.__index = nil
print(t.hi)
local meta_of_meta = setmetatable({}, {__index = {__index = function() return "never" end}})
local u = setmetatable({}, meta_of_meta)
print(u.x)
local E = {__eq = function() return true end}
local a, b = setmetatable({}, E), setmetatable({}, E)
print(a == b, rawequal(a, b), rawequal(a, a))
local seen = {}
seen[a] = 1
seen[b] = 2
local n = 0
for _ in pairs(seen) do n = n + 1 end
print(n)
local s1 = "abc"
local s2 = "ab" .. "c"
print(rawequal(s1, s2), rawequal(1, 1.0), rawequal(0, -0))
