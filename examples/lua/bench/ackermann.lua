-- ackermann.lua: deep, call-heavy recursion.
-- Exercises recursive calls (ackermann reaches a recursion depth of about
-- 2^(k+3)), tail calls, and the Takeuchi function with three arguments.

local N = tonumber(arg and arg[1]) or 150

local calls = 0

local function ack(m, n)
  if m == 0 then
    return n + 1
  end
  if n == 0 then
    return ack(m - 1, 1)          -- tail call
  end
  return ack(m - 1, ack(m, n - 1))  -- tail call with a nested call
end

-- Same function, counting calls through an upvalue.
local function ack_count(m, n)
  calls = calls + 1
  if m == 0 then
    return n + 1
  elseif n == 0 then
    return ack_count(m - 1, 1)
  else
    return ack_count(m - 1, ack_count(m, n - 1))
  end
end

local function tak(x, y, z)
  if y >= x then
    return z
  end
  return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
end

local ack_sum, tak_sum = 0, 0
for i = 1, N do
  local k = 1 + i % 7          -- ack(3, k) for k in 1..7
  ack_sum = ack_sum + ack(3, k)
  tak_sum = tak_sum + tak(18 + i % 4, 12, 6)
end
local a7 = ack_count(3, 7)
local a2 = ack(2, 500)

print(string.format("ack(3,7) = %d calls = %d", a7, calls))
print(string.format("ack(2,500) = %d", a2))
print(string.format("ack sum = %d", ack_sum))
print(string.format("tak sum = %d", tak_sum))
