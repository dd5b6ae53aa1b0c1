-- Numeric `for` loops whose last turn is at or near the integers' ends,
-- with steps that do not divide the range, large and negative steps, float
-- limits clipped to integers, float loops, the control changed in the body,
-- nested loops and loops hot enough to be traced: how many turns, the
-- first and the last value.
local function run(a, b, c)
  local n, first, last = 0, nil, nil
  for i = a, b, c do
    n = n + 1
    first = first or i
    last = i
    if n > 50 then break end
  end
  return string.format("%d:%s:%s", n, tostring(first), tostring(last))
end
local M, m = math.maxinteger, math.mininteger
print(run(1, 10, 1), run(10, 1, -1), run(1, 10, 3), run(10, 1, -3), run(1, 1, 1), run(1, 0, 1))
print(run(M - 5, M, 1), run(m + 5, m, -1), run(M - 10, M, 4), run(m, m + 10, 5))
print(run(m, M, M), run(M, m, m), run(0, M, M // 2), run(0, m, m // 3), run(m, M, 2^62 | 0))
print(run(1, 3.5, 1), run(3, 0.5, -1), run(1, 1e100, M), run(-3, -1e100, m), run(M - 2, 1e300, 1))
print(run(m + 2, -1e300, -1), run(1, -1e300, 1), run(1.0, 3, 1), run(1, 3, 0.5), run(0.1, 0.35, 0.1))
for i = 1, 3 do
  local j = i
  i = i * 10
  io.write(j, ":", i, " ")
end
print()
print(pcall(run, 1, 10, 0))
local total = 0
for k = 1, 200 do
  for i = k, 0, -3 do total = total + i end
  for i = -k, k, k // 7 + 1 do total = total + i * 2 end
  for x = 0.5, k / 10, 0.25 do total = total + x end
end
print(total)
