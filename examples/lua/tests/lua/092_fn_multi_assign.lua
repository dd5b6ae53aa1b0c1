-- multiple assignment, swap and evaluation order
local a, b = 1, 2
a, b = b, a
print(a, b)
local x, y, z = 1, 2
print(x, y, z)
local p, q = 1, 2, 3
print(p, q)
local t = {1, 2, 3}
local i = 1
i, t[i] = i + 1, 20
print(i, t[1], t[2])
local u = {}
u.x, u.y = 10, 20
u.x, u.y = u.y, u.x
print(u.x, u.y)
local m = {10, 20, 30}
m[1], m[2], m[3] = m[3], m[1], m[2]
print(m[1], m[2], m[3])
local log = {}
local function f(v) log[#log + 1] = v; return v end
local r1, r2 = f("a"), f("b")
print(table.concat(log, ","))
local c, d, e = (function() return 1, 2, 3 end)()
print(c, d, e)
local n1, n2, n3 = 5, (function() return 6, 7 end)()
print(n1, n2, n3)
local g1, g2 = nil
print(g1, g2)
local s1, s2 = "x", "y"
s1, s2 = s2 .. s1, s1 .. s2
print(s1, s2)
