-- building and slicing larger strings
local s = string.rep("abc", 10000)
print(#s, s:sub(1, 6), s:sub(-3), s:sub(15000, 15005))
local joined = string.rep("x", 1000, ",")
print(#joined, select(2, joined:gsub(",", ",")))
local count = select(2, s:gsub("b", "b"))
print(count)
local r = s:reverse()
print(r:sub(1, 6), #r)
local up = s:upper()
print(up:sub(1, 3), up:find("CAB", 1, true))
local parts = {}
for i = 1, 1000 do parts[i] = string.format("%04d", i) end
local big = table.concat(parts)
print(#big, big:sub(1, 8), big:sub(-8))
print(big:find("0999"), big:match("(1000)$"))
