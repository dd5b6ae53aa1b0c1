-- if / elseif / else
local function classify(n)
  if n < 0 then
    return "negative"
  elseif n == 0 then
    return "zero"
  elseif n < 10 then
    return "small"
  elseif n < 100 then
    return "medium"
  else
    return "large"
  end
end
for _, v in ipairs({-5, 0, 3, 42, 1000, 9.5}) do print(v, classify(v)) end
local function grade(s)
  if s >= 90 then return "A" elseif s >= 80 then return "B" elseif s >= 70 then return "C" end
  return "F"
end
print(grade(95), grade(85), grade(75), grade(10))
if nil then print("no") elseif false then print("no") else print("else branch") end
local x = 5
if x > 3 then
  if x > 4 then print("nested true") else print("nested false") end
end
if x then end
local r = x > 3 and "big" or "small"
print(r)
local v = false
print(v and "yes" or "no", nil and 1 or 2)
