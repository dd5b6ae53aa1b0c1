-- Keys of different kinds that no index may confuse: booleans, tiny
-- (subnormal) floats whose bits are small numbers, tables and functions
-- (whose identity is their address), the table itself, library functions.
local tiny = 4.9406564584124654e-324        -- the float whose bits are 1
local t = {}
t[true] = "true"
t[tiny] = "tiny"
t[false] = "false"
t[tiny * 2] = "tiny2"                       -- bits 2
t[-tiny] = "-tiny"
print(t[true], t[tiny], t[false], t[tiny * 2], t[-tiny])

local u = {}
u[tiny] = "f"
u[true] = "b"
u[false] = "c"
print(u[true], u[tiny], u[false])

-- Objects as keys, many of them, among floats: each finds its own value.
local keys, m = {}, {}
for i = 1, 200 do
  local k = (i % 3 == 0) and function() return i end or {i}
  keys[i] = k
  m[k] = i
  m[i + 0.5] = -i
end
m[m] = "self"
m[print] = "print"
m[tiny] = "tiny"
local ok = 0
for i = 1, 200 do
  if m[keys[i]] == i and m[i + 0.5] == -i then ok = ok + 1 end
end
print(ok, m[m], m[print], m[tiny], m[{}], m[true])

-- Removing keys and adding others keeps the rest.
for i = 1, 200, 2 do m[keys[i]] = nil end
local left = 0
for i = 1, 200 do
  if m[keys[i]] == ((i % 2 == 0) and i or nil) then left = left + 1 end
end
m[true] = 1
print(left, m[true], m[m], m[tiny])
