-- __eq and rawequal
local P = {}
P.__eq = function(a, b) return a.x == b.x end
local function pt(x) return setmetatable({x = x}, P) end
local a, b, c = pt(1), pt(1), pt(2)
print(a == b, a == c, a ~= b, a ~= c)
print(rawequal(a, b), rawequal(a, a))
local other = setmetatable({x = 1}, {__eq = function() return true end})
print(a == other, other == a)
local plain = {x = 1}
print(a == plain, plain == a)
print(a == 1, 1 == a, a == "x")
local calls = 0
local Q = {__eq = function() calls = calls + 1; return true end}
local q1 = setmetatable({}, Q)
print(q1 == q1, calls)
local q2 = setmetatable({}, Q)
print(q1 == q2, calls)
local R = {__eq = function() return "truthy" end}
local r1, r2 = setmetatable({}, R), setmetatable({}, R)
print(r1 == r2, r1 ~= r2)
local set = {}
set[a] = "a"
print(set[b], set[a])
