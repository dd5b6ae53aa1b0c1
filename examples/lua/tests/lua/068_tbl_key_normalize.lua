-- integer/float key normalization
local t = {}
t[1.0] = "a"
t[2] = "b"
print(t[1], t[2.0], #t)
t[2^53] = "big"
print(t[2^53 | 0], math.type(next({[3.0] = true})))
t[1.5] = "frac"
print(t[1.5], t[3 / 2])
local cnt = 0
for k in pairs({[1] = 1, [1.0] = 2}) do cnt = cnt + 1 end
print(cnt)
local u = {[1.0] = "x"}
print(u[1], #u)
for k, v in pairs(u) do print(math.type(k), v) end
local s = {}
s["1"] = "string one"
s[1] = "int one"
print(s["1"], s[1])
s[-0.0] = "zero"
print(s[0], s[0.0])
print(pcall(function() local x = {}; x[0/0] = 1 end) == false)
print(pcall(function() local x = {}; x[nil] = 1 end) == false)
local x = {}
print(x[nil], x[0/0])
