-- recursion with local functions
local function fact(n)
  if n <= 1 then return 1 end
  return n * fact(n - 1)
end
print(fact(0), fact(5), fact(20))
print(fact(21))
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(fib(20))
local function hanoi(n, from, to, via, moves)
  if n == 0 then return moves end
  moves = hanoi(n - 1, from, via, to, moves)
  moves = moves + 1
  return hanoi(n - 1, via, to, from, moves)
end
print(hanoi(10, "A", "C", "B", 0))
local function gcd(a, b) if b == 0 then return a end return gcd(b, a % b) end
print(gcd(48, 18), gcd(17, 5), gcd(0, 9))
local function ackermann(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ackermann(m - 1, 1) end
  return ackermann(m - 1, ackermann(m, n - 1))
end
print(ackermann(2, 3))
local function perms(a, n, out)
  n = n or #a
  out = out or {}
  if n <= 1 then out[#out + 1] = table.concat(a) return out end
  for i = 1, n do
    a[n], a[i] = a[i], a[n]
    perms(a, n - 1, out)
    a[n], a[i] = a[i], a[n]
  end
  return out
end
local p = perms({"a", "b", "c"})
table.sort(p)
print(#p, table.concat(p, " "))
local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
print(depth(5000))
