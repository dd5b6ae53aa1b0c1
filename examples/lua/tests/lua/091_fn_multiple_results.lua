-- multiple results and adjustment
local function mr() return 1, 2, 3 end
local function none() end
print(mr())
print(mr(), 10)
print(10, mr())
print((mr()))
print(mr(), mr())
local t = {mr(), mr()}
print(#t)
local t2 = {mr(), (mr())}
print(#t2)
local a, b, c, d = mr()
print(a, b, c, d)
local x, y = mr(), 20
print(x, y)
print(none())
print(select("#", none()), select("#", (none())))
local u = {none(), none()}
print(#u)
local s = string.format("%d %d %d", mr())
print(s)
print(math.max(mr()), math.min(mr(), 0))
local function wrap() return mr() end
print(wrap())
local function wrap2() return (mr()) end
print(wrap2())
print(#{mr(), nil}, #{nil, mr()} >= 0)
local e = {mr(), n = "x"}
print(e[3], e.n)
print(mr() + 10)
print("a" .. mr())
