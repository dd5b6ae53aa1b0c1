-- anonymous functions, immediate invocation, functions in tables
print((function(x) return x * 2 end)(21))
local ops = {
  add = function(a, b) return a + b end,
  sub = function(a, b) return a - b end,
  ["*"] = function(a, b) return a * b end,
}
local names = {"add", "sub", "*"}
for _, n in ipairs(names) do print(n, ops[n](6, 3)) end
local dispatch = {}
dispatch[1] = function() return "one" end
dispatch[2] = function() return "two" end
for i = 1, 2 do print(dispatch[i]()) end
local r = (function(...) return select("#", ...) end)(nil, nil)
print(r)
local fact = function(n)
  local function go(k, acc) if k <= 1 then return acc end return go(k - 1, acc * k) end
  return go(n, 1)
end
print(fact(10))
local id = function(...) return ... end
print(id(id(1, 2, 3)))
print(type(function() end), type(print), type(string.len))
local apply = function(f, ...) return f(...) end
print(apply(math.max, 3, 9, 4), apply(string.rep, "ab", 2))
