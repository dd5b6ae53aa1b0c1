-- binarytrees.lua: binary-trees (Computer Language Benchmarks Game).
-- Exercises allocation of many small tables, garbage collection, and
-- recursion. Trees are arrays { left, right }; leaves are empty tables.

local N = tonumber(arg and arg[1]) or 15

local function bottom_up_tree(depth)
  if depth > 0 then
    depth = depth - 1
    local left, right = bottom_up_tree(depth), bottom_up_tree(depth)
    return { left, right }
  else
    return {}
  end
end

local function item_check(tree)
  if tree[1] then
    return 1 + item_check(tree[1]) + item_check(tree[2])
  else
    return 1
  end
end

local mindepth = 4
local maxdepth = mindepth + 2
if maxdepth < N then
  maxdepth = N
end

do
  local stretchdepth = maxdepth + 1
  local stretchtree = bottom_up_tree(stretchdepth)
  io.write(string.format("stretch tree of depth %d\t check: %d\n",
    stretchdepth, item_check(stretchtree)))
end

local longlivedtree = bottom_up_tree(maxdepth)

for depth = mindepth, maxdepth, 2 do
  local iterations = math.floor(2 ^ (maxdepth - depth + mindepth))
  local check = 0
  for _ = 1, iterations do
    check = check + item_check(bottom_up_tree(depth))
  end
  io.write(string.format("%d\t trees of depth %d\t check: %d\n",
    iterations, depth, check))
end

io.write(string.format("long lived tree of depth %d\t check: %d\n",
  maxdepth, item_check(longlivedtree)))
