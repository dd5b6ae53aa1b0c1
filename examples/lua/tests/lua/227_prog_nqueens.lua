-- realistic: N-queens solution counts with backtracking and with bitmasks
local function queens(n)
  local cols, d1, d2 = {}, {}, {}
  local count, first = 0, nil
  local pos = {}
  local function place(r)
    if r > n then
      count = count + 1
      if not first then first = table.concat(pos, " ") end
      return
    end
    for c = 1, n do
      if not cols[c] and not d1[r + c] and not d2[r - c + n] then
        cols[c], d1[r + c], d2[r - c + n] = true, true, true
        pos[r] = c
        place(r + 1)
        cols[c], d1[r + c], d2[r - c + n] = nil, nil, nil
      end
    end
  end
  place(1)
  return count, first
end
local function queensBits(n)
  local all = (1 << n) - 1
  local function solve(colsMask, ld, rd)
    if colsMask == all then return 1 end
    local total = 0
    local avail = all & ~(colsMask | ld | rd)
    while avail ~= 0 do
      local bit = avail & -avail
      avail = avail ~ bit
      total = total + solve(colsMask | bit, ((ld | bit) << 1) & all, (rd | bit) >> 1)
    end
    return total
  end
  return solve(0, 0, 0)
end
for n = 4, 8 do
  local c, first = queens(n)
  print(n, c, queensBits(n), first)
end
local function board(n, sol)
  local rows = {}
  local r = 0
  for c in sol:gmatch("%d+") do
    r = r + 1
    local cells = {}
    for j = 1, n do cells[j] = (j == tonumber(c)) and "Q" or "." end
    rows[r] = table.concat(cells, " ")
  end
  return table.concat(rows, "\n")
end
local _, s6 = queens(6)
print(board(6, s6))
