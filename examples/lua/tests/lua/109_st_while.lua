-- while loops
local i = 1
local s = 0
while i <= 100 do s = s + i; i = i + 1 end
print(s, i)
local n = 27
local steps = 0
while n ~= 1 do
  if n % 2 == 0 then n = n // 2 else n = 3 * n + 1 end
  steps = steps + 1
end
print("collatz 27 steps", steps)
local k = 0
while true do
  k = k + 1
  if k >= 5 then break end
end
print(k)
local j = 10
while j < 5 do j = j + 1 end
print(j)
local digits = {}
local num = 9045
while num > 0 do
  table.insert(digits, 1, num % 10)
  num = num // 10
end
print(table.concat(digits, ","))
local a, b = 0, 1
local fibs = {}
while a < 100 do fibs[#fibs + 1] = a; a, b = b, a + b end
print(table.concat(fibs, " "))
