-- recursion without named locals: Y combinator style and self-passing
local function Y(f)
  return (function(x) return x(x) end)(function(x)
    return f(function(...) return x(x)(...) end)
  end)
end
local fact = Y(function(self) return function(n) if n <= 1 then return 1 end return n * self(n - 1) end end)
print(fact(10), fact(20))
local fib = Y(function(self) return function(n) if n < 2 then return n end return self(n - 1) + self(n - 2) end end)
print(fib(15))
local function selfcall(f, ...) return f(f, ...) end
print(selfcall(function(me, n) if n == 0 then return "bottom" end return me(me, n - 1) end, 100))
local t = {}
function t.count(n) if n == 0 then return 0 end return 1 + t.count(n - 1) end
print(t.count(100))
local f
f = function(n) return n <= 0 and 0 or n + f(n - 1) end
print(f(100))
local function sumlist(l) if not l then return 0 end return l.v + sumlist(l.next) end
local list
for i = 1, 10 do list = {v = i, next = list} end
print(sumlist(list))
