-- goto used to build loops and state machines
local i = 1
local out = {}
::loop::
if i <= 5 then
  out[#out + 1] = i * i
  i = i + 1
  goto loop
end
print(table.concat(out, " "))
local input = "aabbbcaa"
local pos, state, runs = 1, "start", {}
local current, len
::dispatch::
if pos > #input then goto finish end
do
  local c = input:sub(pos, pos)
  if c == current then len = len + 1
  else
    if current then runs[#runs + 1] = current .. len end
    current, len = c, 1
  end
  pos = pos + 1
end
goto dispatch
::finish::
runs[#runs + 1] = current .. len
print(table.concat(runs, ","))
for k = 1, 3 do
  for m = 1, 3 do
    if m == 2 then goto continue_k end
    io.write(k, m, " ")
  end
  ::continue_k::
end
print()
