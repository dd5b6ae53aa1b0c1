-- realistic: Conway's game of life on a small torus
local W, H = 12, 8
local function newGrid()
  local g = {}
  for y = 1, H do g[y] = {} for x = 1, W do g[y][x] = false end end
  return g
end
local function set(g, cells) for _, c in ipairs(cells) do g[c[2]][c[1]] = true end end
local function neighbours(g, x, y)
  local n = 0
  for dy = -1, 1 do
    for dx = -1, 1 do
      if dx ~= 0 or dy ~= 0 then
        local nx = (x + dx - 1) % W + 1
        local ny = (y + dy - 1) % H + 1
        if g[ny][nx] then n = n + 1 end
      end
    end
  end
  return n
end
local function step(g)
  local ng = newGrid()
  for y = 1, H do
    for x = 1, W do
      local n = neighbours(g, x, y)
      ng[y][x] = (n == 3) or (g[y][x] and n == 2)
    end
  end
  return ng
end
local function show(g)
  local rows = {}
  for y = 1, H do
    local r = {}
    for x = 1, W do r[x] = g[y][x] and "#" or "." end
    rows[y] = table.concat(r)
  end
  return table.concat(rows, "\n")
end
local function population(g)
  local p = 0
  for y = 1, H do for x = 1, W do if g[y][x] then p = p + 1 end end end
  return p
end
local g = newGrid()
set(g, {{2, 1}, {3, 2}, {1, 3}, {2, 3}, {3, 3}})
set(g, {{9, 5}, {10, 5}, {11, 5}})
print(show(g))
print("population", population(g))
for gen = 1, 4 do g = step(g) end
print("after 4 generations")
print(show(g))
local pops = {}
for gen = 1, 20 do g = step(g); pops[gen] = population(g) end
print(table.concat(pops, " "))
