-- __eq is only consulted for two tables (or two userdata) that are not raw-equal
local count = 0
local E = {__eq = function(a, b) count = count + 1; return a.id == b.id end}
local x = setmetatable({id = 1}, E)
local y = setmetatable({id = 1}, E)
local z = setmetatable({id = 2}, E)
print(x == y, x == z, x == x, count)
print(x == 1, x == "x", x == nil, count)
print(x ~= y, not (x == y), count)
local F = {__eq = function() return nil end}
local f1, f2 = setmetatable({}, F), setmetatable({}, F)
print(f1 == f2, f1 ~= f2)
local list = {x, z}
local function indexOf(t, v) for i, e in ipairs(t) do if e == v then return i end end end
print(indexOf(list, y), indexOf(list, setmetatable({id = 2}, E)), indexOf(list, {id = 1}))
