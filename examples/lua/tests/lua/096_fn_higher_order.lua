-- higher-order functions
local function map(t, f) local r = {} for i, v in ipairs(t) do r[i] = f(v) end return r end
local function filter(t, p) local r = {} for _, v in ipairs(t) do if p(v) then r[#r + 1] = v end end return r end
local function reduce(t, f, init) local acc = init for _, v in ipairs(t) do acc = f(acc, v) end return acc end
local nums = {}
for i = 1, 10 do nums[i] = i end
local sq = map(nums, function(x) return x * x end)
print(table.concat(sq, " "))
local ev = filter(sq, function(x) return x % 2 == 0 end)
print(table.concat(ev, " "))
print(reduce(nums, function(a, b) return a + b end, 0))
print(reduce(nums, math.max, -math.huge))
local function compose(f, g) return function(...) return f(g(...)) end end
local inc = function(x) return x + 1 end
local dbl = function(x) return x * 2 end
print(compose(inc, dbl)(5), compose(dbl, inc)(5))
local function curry(f) return function(a) return function(b) return f(a, b) end end end
print(curry(function(a, b) return a - b end)(10)(3))
local function partial(f, a) return function(...) return f(a, ...) end end
local hello = partial(string.format, "hello %s %s")
print(hello("big", "world"))
local function times(n, f) for i = 1, n do f(i) end end
local acc = {}
times(4, function(i) acc[#acc + 1] = i * 3 end)
print(table.concat(acc, ","))
print(table.concat(map({"a", "b"}, string.upper), ""))
