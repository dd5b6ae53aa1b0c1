-- load with strings, functions and environments
local f = load("return 1 + 2")
print(f())
local g = load("local a, b = ...; return a * b")
print(g(6, 7))
local env = {x = 5}
local h = load("return x", "chunk", "t", env)
print(h())
local k = load("y = 10", "setter", "t", env)
k()
print(env.y, y)
local parts = {"return ", "'from ", "pieces'"}
local i = 0
local fromfn = load(function() i = i + 1; return parts[i] end)
print(fromfn())
local bad, err = load("return +")
print(bad, type(err))
local bad2, err2 = load("x = ", "=mychunk")
print(bad2, (err2:gsub("near.*", "")))
local counter = load("count = (count or 0) + 1; return count")
counter(); counter()
print(count)
local sum = 0
for n = 1, 5 do sum = sum + load("return " .. n .. " * " .. n)() end
print(sum)
print(pcall(load("error('from loaded chunk', 0)")))
