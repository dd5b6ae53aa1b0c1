-- matmul.lua: multiplication of two N x N float matrices.
-- Matrices are tables of row tables. Exercises nested loops, 2-level table
-- indexing, float multiply-add, and allocation of the row tables.

local N = tonumber(arg and arg[1]) or 300

-- Deterministic test matrix: m[i][j] = scale * (i - j) * (i + j).
local function matgen(n, seed)
  local scale = seed / n / n
  local m = {}
  for i = 1, n do
    local row = {}
    for j = 1, n do
      row[j] = scale * (i - j) * (i + j)
    end
    m[i] = row
  end
  return m
end

local function transpose(a, n)
  local t = {}
  for i = 1, n do
    local row = {}
    for j = 1, n do
      row[j] = a[j][i]
    end
    t[i] = row
  end
  return t
end

-- c = a * b, with b transposed first so the inner loop walks two rows.
local function matmul(a, b, n)
  local bt = transpose(b, n)
  local c = {}
  for i = 1, n do
    local ai = a[i]
    local ci = {}
    for j = 1, n do
      local btj = bt[j]
      local s = 0.0
      for k = 1, n do
        s = s + ai[k] * btj[k]
      end
      ci[j] = s
    end
    c[i] = ci
  end
  return c
end

-- Straightforward i-k-j variant without the transpose.
local function matmul_ikj(a, b, n)
  local c = {}
  for i = 1, n do
    local ci = {}
    for j = 1, n do
      ci[j] = 0.0
    end
    local ai = a[i]
    for k = 1, n do
      local aik, bk = ai[k], b[k]
      for j = 1, n do
        ci[j] = ci[j] + aik * bk[j]
      end
    end
    c[i] = ci
  end
  return c
end

local function trace(m, n)
  local s = 0.0
  for i = 1, n do
    s = s + m[i][i]
  end
  return s
end

local a = matgen(N, 1.0)
local b = matgen(N, 2.0)
local c = matmul(a, b, N)
local d = matmul_ikj(a, b, N)

local maxdiff = 0.0
for i = 1, N do
  for j = 1, N do
    local diff = math.abs(c[i][j] - d[i][j])
    if diff > maxdiff then
      maxdiff = diff
    end
  end
end

local mid = math.floor(N / 2) + 1
print(string.format("c[%d][%d] = %.6f", mid, mid, c[mid][mid]))
print(string.format("trace = %.6f", trace(c, N)))
print(string.format("agree = %s", tostring(maxdiff < 1e-6)))
