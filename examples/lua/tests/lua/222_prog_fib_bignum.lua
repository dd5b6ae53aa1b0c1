-- realistic: memoized fibonacci and big-number arithmetic
local memo = {[0] = 0, [1] = 1}
local function fib(n)
  local v = memo[n]
  if v then return v end
  v = fib(n - 1) + fib(n - 2)
  memo[n] = v
  return v
end
print(fib(10), fib(50), fib(90), fib(92))
print(math.type(fib(92)), fib(92) > 0)
print(fib(93) < 0)
-- arbitrary precision with base 10^7 limbs, least significant first
local BASE, WIDTH = 10000000, 7
local function bigAdd(a, b)
  local r, carry = {}, 0
  for i = 1, math.max(#a, #b) do
    local s = (a[i] or 0) + (b[i] or 0) + carry
    r[i] = s % BASE
    carry = s // BASE
  end
  if carry > 0 then r[#r + 1] = carry end
  return r
end
local function bigMulSmall(a, m)
  local r, carry = {}, 0
  for i = 1, #a do
    local p = a[i] * m + carry
    r[i] = p % BASE
    carry = p // BASE
  end
  while carry > 0 do r[#r + 1] = carry % BASE; carry = carry // BASE end
  return r
end
local function bigStr(a)
  local parts = {tostring(a[#a])}
  for i = #a - 1, 1, -1 do parts[#parts + 1] = string.format("%0" .. WIDTH .. "d", a[i]) end
  return table.concat(parts)
end
local bmemo = {[0] = {0}, [1] = {1}}
local function bigFib(n)
  for i = 2, n do
    if not bmemo[i] then bmemo[i] = bigAdd(bmemo[i - 1], bmemo[i - 2]) end
  end
  return bmemo[n]
end
print(bigStr(bigFib(92)), bigStr(bigFib(92)) == tostring(fib(92)))
print(bigStr(bigFib(100)))
print(bigStr(bigFib(300)))
local f = {1}
for i = 2, 50 do f = bigMulSmall(f, i) end
print("50! =", bigStr(f))
local digits = bigStr(f)
local s = 0
for d in digits:gmatch("%d") do s = s + tonumber(d) end
print("digit sum", s, "length", #digits)
