-- modifying loop expressions and tables during numeric for
local n = 5
local iters = 0
for i = 1, n do
  n = n + 1
  iters = iters + 1
end
print(iters, n)
local step = 1
local seen = {}
for i = 1, 10, step do
  step = 5
  seen[#seen + 1] = i
end
print(table.concat(seen, " "))
local t = {1, 2, 3}
for i = 1, #t do t[#t + 1] = t[i] * 10 end
print(table.concat(t, " "))
local arr = {10, 20, 30, 40}
local sum = 0
for i, v in ipairs(arr) do
  if i == 2 then arr[4] = 400 end
  sum = sum + v
end
print(sum)
for i = 3, 1, -1 do io.write(i, ":", (i % 2 == 0) and "even" or "odd", " ") end
print()
