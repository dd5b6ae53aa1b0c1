-- while/repeat with compound conditions and early exits
local function find(t, pred)
  local i = 1
  while i <= #t and not pred(t[i]) do i = i + 1 end
  if i <= #t then return i, t[i] end
  return nil
end
print(find({3, 8, 11, 4}, function(v) return v > 10 end))
print(find({1, 2}, function(v) return v > 10 end))
local a, b = 1071, 462
while b ~= 0 do a, b = b, a % b end
print("gcd", a)
local n, bits = 1000, 0
repeat n = n >> 1; bits = bits + 1 until n == 0
print("bits", bits)
local x = 2.0
local iter = 0
while math.abs(x * x - 2) > 1e-12 and iter < 100 do
  x = (x + 2 / x) / 2
  iter = iter + 1
end
print(string.format("%.10f", x), iter)
local tries = 0
local seeded = 7
while true do
  tries = tries + 1
  seeded = (seeded * 31 + 7) % 101
  if seeded < 10 or tries > 50 then break end
end
print(tries, seeded)
