-- nested loops with break affecting only the innermost loop
local pairsFound = {}
for i = 1, 5 do
  for j = 1, 5 do
    if j > i then break end
    if (i + j) % 4 == 0 then pairsFound[#pairsFound + 1] = i .. "+" .. j end
  end
end
print(table.concat(pairsFound, " "))
local grid = {}
for y = 1, 4 do
  local row = {}
  for x = 1, 6 do row[x] = (x * y) % 5 == 0 and "#" or "." end
  grid[y] = table.concat(row)
end
print(table.concat(grid, "/"))
local count = 0
local i = 0
while i < 10 do
  i = i + 1
  local j = 0
  repeat
    j = j + 1
    if j == i then break end
    count = count + 1
  until j >= 5
end
print(count)
local function findFirst(matrix, target)
  for r, row in ipairs(matrix) do
    for c, v in ipairs(row) do
      if v == target then return r, c end
    end
  end
  return nil
end
print(findFirst({{1, 2}, {3, 4}, {5, 4}}, 4))
print(findFirst({{1}}, 9))
local triangle = {}
for n = 1, 5 do
  local row = {1}
  for k = 1, n - 1 do row[k + 1] = row[k] * (n - k) // k end
  triangle[n] = table.concat(row, " ")
end
print(table.concat(triangle, " | "))
