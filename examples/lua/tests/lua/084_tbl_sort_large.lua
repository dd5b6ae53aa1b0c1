-- sorting larger arrays with a seeded generator
math.randomseed(42)
local t = {}
for i = 1, 2000 do t[i] = math.random(1, 1000) end
table.sort(t)
local ok = true
for i = 2, #t do if t[i - 1] > t[i] then ok = false end end
print(ok, t[1], t[1000], t[2000])
table.sort(t, function(a, b) return a > b end)
print(t[1], t[2000])
local s = {}
for i = 1, 500 do s[i] = string.format("k%05d", (i * 7919) % 500) end
table.sort(s)
print(s[1], s[2], s[500])
local f = {}
for i = 1, 100 do f[i] = math.random() end
table.sort(f)
local okf = true
for i = 2, #f do if f[i - 1] > f[i] then okf = false end end
print(okf, f[1] < f[100])
local byMod = {}
for i = 1, 30 do byMod[i] = i end
table.sort(byMod, function(a, b)
  if a % 3 ~= b % 3 then return a % 3 < b % 3 end
  return a < b
end)
print(table.concat(byMod, " "))
