-- Tables filled from key 2 (a sieve's), or every other key: their values,
-- counts by pairs, ipairs stopping at the first nil, keys moved from the
-- hash part when the hole before them is filled, and nils stored over.
local t = {}
for i = 2, 20 do t[i] = i * i end
print(t[1], t[2], t[20], t[21])
local n, sum = 0, 0
for k, v in pairs(t) do n = n + 1; sum = sum + k + v end
print(n, sum)
local c = 0
for _ in ipairs(t) do c = c + 1 end
print("ipairs", c)
t[1] = 1
c = 0
for _ in ipairs(t) do c = c + 1 end
print("ipairs after t[1]", c, #t)

-- Every other key: holes stay nil.
local e = {}
for i = 2, 40, 2 do e[i] = true end
local count = 0
for i = 1, 40 do if e[i] then count = count + 1 end end
print(count, e[1], e[2], e[3], e[40])
for i = 1, 39, 2 do e[i] = false end
count = 0
for k, v in pairs(e) do if v then count = count + 1 end end
print(count, #e)

-- A key set in the hash part before the array reaches it.
local h = {}
h[5] = "five"
h[3] = "three"
h[2] = "two"
h[1] = "one"
h[4] = "four"
print(h[1], h[2], h[3], h[4], h[5], #h)
local ks = {}
for k in pairs(h) do ks[#ks + 1] = k end
table.sort(ks)
print(table.concat(ks, " "))

-- Nils over the array, then values again.
local z = {}
for i = 2, 6 do z[i] = i end
z[3] = nil
z[2] = nil
print(z[2], z[3], z[4], z[6])
z[3] = 33
n = 0
for _, v in pairs(z) do n = n + v end
print(n)

-- Floats from key 2.
local f = {}
for i = 2, 8 do f[i] = i / 2 end
print(f[1], f[2], f[8], f[8] + f[3])
f[1] = "x"
print(f[1], f[2] * 2)
