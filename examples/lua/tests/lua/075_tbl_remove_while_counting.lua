-- removing elements while iterating
local t = {}
for i = 1, 20 do t[i] = i end
-- remove odd numbers iterating backwards
for i = #t, 1, -1 do
  if t[i] % 2 == 1 then table.remove(t, i) end
end
print(#t, table.concat(t, " "))
-- remove multiples of 4 with a forward while loop
local i = 1
local removed = 0
while i <= #t do
  if t[i] % 4 == 0 then
    table.remove(t, i)
    removed = removed + 1
  else
    i = i + 1
  end
end
print(removed, #t, table.concat(t, " "))
-- filter into a new table
local src = {5, 12, 7, 3, 20, 1, 15}
local keep = {}
for _, v in ipairs(src) do if v >= 7 then keep[#keep + 1] = v end end
print(table.concat(keep, ","))
-- remove keys from a hash while counting
local h = {}
for k = 1, 50 do h["k" .. k] = k end
local n = 0
for k, v in pairs(h) do
  if v % 5 == 0 then h[k] = nil else n = n + 1 end
end
local left = 0
for _ in pairs(h) do left = left + 1 end
print(n, left)
