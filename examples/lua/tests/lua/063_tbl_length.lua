-- # on sequences
local t = {}
print(#t)
for i = 1, 10 do t[i] = i * i end
print(#t, t[#t])
t[#t + 1] = "next"
print(#t, t[11])
t[#t] = nil
print(#t)
local s = {"a", "b", "c"}
s[#s] = nil
s[#s] = nil
print(#s, s[1])
local big = {}
for i = 1, 1000 do big[#big + 1] = i end
print(#big, big[500])
while #big > 990 do big[#big] = nil end
print(#big)
local str = {n = 3, "x"}
print(#str, str.n)
print(#{1, 2, 3, nil}, #{nil, nil} == 0 or #{nil, nil} == 2)
print(rawlen({1, 2}), rawlen("abc"))
local words = {"one", "two", "three"}
local total = 0
for i = 1, #words do total = total + #words[i] end
print(total)
