-- large arrays
local t = {}
for i = 1, 100000 do t[i] = i end
print(#t, t[1], t[50000], t[100000])
local sum = 0
for i = 1, #t do sum = sum + t[i] end
print(sum)
local evens = 0
for _, v in ipairs(t) do if v % 2 == 0 then evens = evens + 1 end end
print(evens)
for i = #t, 50001, -1 do t[i] = nil end
print(#t)
local s = {}
for i = 1, 100000 do s[#s + 1] = i % 7 end
local counts = {}
for _, v in ipairs(s) do counts[v] = (counts[v] or 0) + 1 end
print(table.concat(counts, ",", 0, 6))
local strs = {}
for i = 1, 20000 do strs[i] = "k" .. i end
local h = {}
for _, k in ipairs(strs) do h[k] = #k end
local total = 0
for _, v in pairs(h) do total = total + v end
print(total)
local big = table.concat(strs, "", 1, 1000)
print(#big)
