-- concatenation with numbers
print(1 .. 2, 1 .. "", "" .. 2.0)
print(10 .. "" == "10", 1.0 .. "" == "1.0")
print(-5 .. "|", 1e100 .. "|", 2^63 .. "|")
print("x" .. 1 + 2)
print("a" .. "b" .. "c" .. 1 .. 2.5)
print(math.maxinteger .. "", math.mininteger .. "")
print(0x10 .. "", 1/0 .. "", -1/0 .. "")
local n = 7
local s = "n=" .. n .. ", n/2=" .. n / 2 .. ", n//2=" .. n // 2
print(s)
print(#(1 .. 2 .. 3))
local parts = ""
for i = 1, 5 do parts = parts .. i .. (i < 5 and "," or "") end
print(parts)
print(pcall(function() return "a" .. nil end) == false)
print(pcall(function() return "a" .. true end) == false)
print(pcall(function() return "a" .. {} end) == false)
