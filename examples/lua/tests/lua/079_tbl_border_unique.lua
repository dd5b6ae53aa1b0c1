-- # where the border is unique (no holes)
local t = {}
print(#t)
t[1] = 1
print(#t)
t[2] = 2; t[3] = 3
print(#t)
t[3] = nil
print(#t)
t[2] = nil
print(#t)
t[1] = nil
print(#t)
local u = {n = 1, m = 2}
print(#u)
local v = {"a", "b", x = 1, y = 2, "c"}
print(#v)
local w = {}
for i = 1, 100 do w[i] = true end
for i = 100, 51, -1 do w[i] = nil end
print(#w)
local grow = {}
for i = 1, 17 do grow[#grow + 1] = i end
print(#grow, grow[#grow])
local s = {[1] = 1, [2] = 2, [3] = 3}
print(#s)
