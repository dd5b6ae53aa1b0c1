-- varargs
local function count(...) return select("#", ...) end
print(count(), count(nil), count(1, nil), count(nil, nil, nil))
local function second(...) return (select(2, ...)) end
print(second("a", "b", "c"))
print(select(2, "a", "b", "c"))
print(select(-1, "a", "b", "c"))
print(select(-2, "a", "b", "c"))
print(select("#"))
print(pcall(select, 0, "a") == false)
print(pcall(select, -5, "a") == false)
local function pack2(...) return {...} end
local t = pack2(1, 2, 3)
print(#t, t[3])
local function passthrough(...) return ... end
print(passthrough(1, nil, 3))
print((passthrough(1, 2, 3)))
local function sum(...)
  local s = 0
  for _, v in ipairs({...}) do s = s + v end
  return s
end
print(sum(1, 2, 3, 4, 5), sum())
local function fmt(f, ...) return string.format(f, ...) end
print(fmt("%d-%s-%.1f", 1, "two", 3))
local function first_and_rest(first, ...)
  return first, select("#", ...)
end
print(first_and_rest(10, 20, 30))
local function varlocal(...)
  local a, b = ...
  return a, b
end
print(varlocal(1), varlocal(1, 2, 3))
print(select(3, "a", "b"))
