-- `#` and appends (`t[#t + 1] = v`) on tables whose integer keys are in
-- the array part, in the hash part (set out of order), or both; the keys
-- after the array part move into it as it reaches them.
local function show(t) return #t .. ":" .. table.concat(t, ",") end
local a = {}
for i = 1, 10 do a[#a + 1] = i * i end
print(show(a))
local b = {}
b[3] = "c"; b[2] = "b"; print(#b == 0 or #b == 3)
b[1] = "a"; print(show(b))
b[#b + 1] = "d"; b[#b + 1] = "e"; print(show(b))
local c = {n = 1, [2] = 20}
c[1] = 10; print(show(c))
for i = 3, 6 do c[#c + 1] = i * 10 end
print(show(c), c.n)
local d = {}
for i = 20, 1, -1 do d[i] = i end
print(show(d))
d[21] = 21; d[#d + 1] = 22; print(#d)
local e = {1, 2, 3}
e[5] = 5; e[4] = 4; print(show(e))
table.insert(e, 6); table.insert(e, 1, 0); print(show(e))
print(table.remove(e), table.remove(e, 1), show(e))
local f = setmetatable({}, {__len = function() return 42 end})
f[1] = 1; print(#f, rawlen(f))
local g = {}
for i = 1, 1000 do g[#g + 1] = i end
local s = 0
for i = 1, #g do s = s + g[i] end
print(#g, s)
local h = {}
for i = 1, 100 do h[i * 2] = i end
for i = 1, 100 do h[i * 2 - 1] = -i end
print(#h)
