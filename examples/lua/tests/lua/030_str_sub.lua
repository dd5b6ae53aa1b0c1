-- string.sub with positive, negative and out-of-range indices
local s = "Hello, World"
print(s:sub(1, 5), s:sub(8), s:sub(-5), s:sub(-5, -2))
print(s:sub(0), s:sub(0, 0) == "", s:sub(5, 1) == "")
print(s:sub(100) == "", s:sub(-100, 3), s:sub(3, 100))
print(s:sub(-100, -100) == "", s:sub(12, 12), s:sub(13, 13) == "")
print(string.sub("abc", 2), ("abc"):sub(-1))
print(s:sub(2, -2), #s:sub(1, -1))
print(("abcdef"):sub(math.mininteger, math.maxinteger))
print(("abcdef"):sub(4, math.maxinteger), ("abcdef"):sub(math.mininteger, 2))
for i = 1, 4 do io.write(s:sub(i, i + 2), "|") end
print()
local r = {}
for i = -1, -4, -1 do r[#r + 1] = s:sub(i, i) end
print(table.concat(r))
print(("x"):sub(1, 1), ("x"):sub(2, 1) == "")
print(s:sub(1.0, 3.0))
