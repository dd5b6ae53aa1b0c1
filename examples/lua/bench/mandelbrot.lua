-- mandelbrot.lua: the Mandelbrot set over an N x N grid.
-- Exercises float arithmetic in a tight inner loop with an early exit.
-- Instead of writing a PBM image it prints the number of points in the set,
-- the total number of iterations, and a checksum of the bitmap rows packed
-- into bytes (packing done with arithmetic, so the file runs on LuaJIT too).

local N = tonumber(arg and arg[1]) or 1000

local ITER = 50
local LIMIT2 = 4.0

local function mandelbrot(n)
  local inside, iters, checksum = 0, 0, 0
  local scale = 2.0 / n
  for y = 0, n - 1 do
    local ci = y * scale - 1.0
    local byte, nbits = 0, 0
    for x = 0, n - 1 do
      local cr = x * scale - 1.5
      local zr, zi, zr2, zi2 = 0.0, 0.0, 0.0, 0.0
      local k = 0
      while k < ITER and zr2 + zi2 <= LIMIT2 do
        zi = 2.0 * zr * zi + ci
        zr = zr2 - zi2 + cr
        zr2 = zr * zr
        zi2 = zi * zi
        k = k + 1
      end
      iters = iters + k
      local bit = 0
      if zr2 + zi2 <= LIMIT2 then
        inside = inside + 1
        bit = 1
      end
      byte = byte * 2 + bit
      nbits = nbits + 1
      if nbits == 8 or x == n - 1 then
        checksum = (checksum * 31 + byte) % 1000000007
        byte, nbits = 0, 0
      end
    end
  end
  return inside, iters, checksum
end

local inside, iters, checksum = mandelbrot(N)
print(string.format("size: %dx%d", N, N))
print(string.format("inside: %d", inside))
print(string.format("iterations: %d", iters))
print(string.format("checksum: %d", checksum))
