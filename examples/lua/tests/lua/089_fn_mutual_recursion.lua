-- mutual recursion
local isEven, isOdd
function isEven(n) if n == 0 then return true end return isOdd(n - 1) end
function isOdd(n) if n == 0 then return false end return isEven(n - 1) end
print(isEven(10), isOdd(10), isEven(7), isOdd(7))
print(isEven(100001))
local expr, term, factor
local src, pos
local function peek() return src:sub(pos, pos) end
function factor()
  if peek() == "(" then
    pos = pos + 1
    local v = expr()
    pos = pos + 1
    return v
  end
  local num = src:match("^%d+", pos)
  pos = pos + #num
  return tonumber(num)
end
function term()
  local v = factor()
  while peek() == "*" do pos = pos + 1; v = v * factor() end
  return v
end
function expr()
  local v = term()
  while peek() == "+" do pos = pos + 1; v = v + term() end
  return v
end
local function eval(s) src, pos = s, 1; return expr() end
print(eval("1+2*3"), eval("(1+2)*3"), eval("2*(3+4)*5+1"))
