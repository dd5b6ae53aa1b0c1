-- realistic: matrix determinant and inverse with floats (Gaussian elimination)
local function copy(m)
  local r = {}
  for i = 1, #m do r[i] = {table.unpack(m[i])} end
  return r
end
local function det(m)
  local a = copy(m)
  local n = #a
  local d = 1.0
  for c = 1, n do
    local p = c
    for r = c + 1, n do if math.abs(a[r][c]) > math.abs(a[p][c]) then p = r end end
    if a[p][c] == 0 then return 0.0 end
    if p ~= c then a[p], a[c] = a[c], a[p]; d = -d end
    d = d * a[c][c]
    for r = c + 1, n do
      local f = a[r][c] / a[c][c]
      for k = c, n do a[r][k] = a[r][k] - f * a[c][k] end
    end
  end
  return d
end
local function mul(a, b)
  local r = {}
  for i = 1, #a do
    r[i] = {}
    for j = 1, #b[1] do
      local s = 0
      for k = 1, #b do s = s + a[i][k] * b[k][j] end
      r[i][j] = s
    end
  end
  return r
end
local function fmt(m)
  local lines = {}
  for i = 1, #m do
    local row = {}
    for j = 1, #m[i] do row[j] = string.format("%8.3f", m[i][j]) end
    lines[i] = table.concat(row, " ")
  end
  return table.concat(lines, "\n")
end
local A = {{2, -1, 0}, {-1, 2, -1}, {0, -1, 2}}
local B = {{1, 2}, {3, 4}}
local C = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
local D = {{0.5, 1.5, 2.0, 1.0}, {1.0, 0.0, 3.0, 2.5}, {4.0, 1.0, 0.5, 0.0}, {2.0, 2.0, 1.0, 3.0}}
print(string.format("%.6f", det(A)), string.format("%.6f", det(B)))
print(string.format("%.6f", math.abs(det(C))), string.format("%.6f", det(D)))
print(fmt(mul(A, A)))
local I = {}
for i = 1, 4 do I[i] = {} for j = 1, 4 do I[i][j] = (i == j) and 1.0 or 0.0 end end
print(string.format("%.6f", det(I)), string.format("%.6f", det(mul(D, D))))
local H = {}
for i = 1, 5 do H[i] = {} for j = 1, 5 do H[i][j] = 1 / (i + j - 1) end end
print(string.format("%.6e", det(H)))
